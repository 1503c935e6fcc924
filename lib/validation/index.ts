export { checkEmail, emailKey } from './email';
export { checkPassword } from './password';
export { checkDisplayName } from './display-name';
export { checkOptionalText, checkRequiredText } from './text';
export { checkOptionalCount } from './whole-number';
export { checkBatchItem, type CheckedItem } from './batch-item';
export { holdsUnstorableText, isUnstorableText } from './storable-text';
export { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';
