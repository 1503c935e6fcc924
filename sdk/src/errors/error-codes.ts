/** Where each code is documented: the error table of the SDK README, one anchor per code. */
export const DOCS_BASE_URL = 'https://switchyard.dev/docs/sdk/errors';

interface CodeInfo {
  /** What the developer should do about it, in the imperative. */
  userAction: string;
  /** Whether the same call may succeed when simply tried again later. */
  retryable: boolean;
}

/**
 * The one registry of SDK error codes: every error the SDK raises carries one of these, and the
 * end-user texts of `messages/catalog.ts` are keyed by the same codes.
 */
export const ERROR_CODES = {
  'SV-C000': { userAction: 'Check the SDK configuration.', retryable: false },
  'SV-C001': { userAction: 'Pass apiKey to init() or set SVC_API_KEY.', retryable: false },
  'SV-C002': { userAction: 'Call init() before using the SDK.', retryable: false },
  'SV-C003': { userAction: 'Fix the configuration value named in the message.', retryable: false },
  'SV-A001': { userAction: 'Check that the API key is valid and allowed to do this.', retryable: false },
  'SV-A003': { userAction: 'Use a valid, unrevoked API key (and its signing secret if it has one).', retryable: false },
  'SV-N001': { userAction: 'Check that the guard gateway is reachable; the call may be retried.', retryable: true },
  'SV-B002': { userAction: 'The guard gateway failed; retry later.', retryable: true },
  'SV-B004': { userAction: 'Raise the workflow budget or wait for it to reset.', retryable: false },
  'SV-B005': { userAction: 'Report actual usage within the reserved amount.', retryable: false },
  'SV-R001': { userAction: 'Wait retryAfter seconds before retrying.', retryable: true },
  'SV-R002': { userAction: 'The rate-limit reservation failed; the call was refused to stay safe. Retry later.', retryable: true },
  'SV-P001': { userAction: 'Upgrade @switchyard/sdk to a version the gateway supports.', retryable: false },
  'SV-X001': { userAction: 'See reason and details: a guard policy refused the call.', retryable: false },
  'SV-T001': { userAction: 'Remove the tool from the call or change the tool block list.', retryable: false },
  'SV-CH001': { userAction: 'The chain gate refused the call; end the chain or raise its budget.', retryable: false },
  'SV-W001': { userAction: 'The workflow was killed; start a new run once an operator allows it.', retryable: false },
  'SV-W002': { userAction: 'The workflow was killed; stop this run.', retryable: false },
  'SV-W003': { userAction: 'Retry after resumeAfter, or once an operator resumes the workflow.', retryable: true },
  'SV-W004': { userAction: 'The workflow is paused, killed or not yours; check its state.', retryable: false },
  'SV-E001': { userAction: 'Events could not be delivered; check connectivity to the guard gateway.', retryable: true },
  'SV-E002': { userAction: 'Use an https:// apiUrl (plain http is only allowed to loopback hosts).', retryable: false },
} as const satisfies Record<string, CodeInfo>;

export type SvcErrorCode = keyof typeof ERROR_CODES;

export function isSvcErrorCode(code: unknown): code is SvcErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

export function docsUrlOf(code: string): string {
  return `${DOCS_BASE_URL}#${code.toLowerCase()}`;
}
