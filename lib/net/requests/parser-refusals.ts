import { maxHeaderSize, STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CATALOG, type ErrorCode } from '../../errors';

/** A request Node's HTTP parser refused before any listener saw it. */
export interface ParserRefusal {
  code: Extract<ErrorCode, 'MALFORMED_REQUEST' | 'REQUEST_TIMEOUT' | 'REQUEST_HEADER_FIELDS_TOO_LARGE'>;
  status: number;
  message: string;
  /** The path of the request line, as far as it was received (for the API whose shape the answer takes); undefined when unreadable. */
  path?: string;
}

/** The answer to a refusal: its status and JSON body (an API may answer another status, as the guard protocol answers 400 for every shape failure). */
export interface RefusalAnswer {
  status: number;
  body: unknown;
}

export type RefusalRenderer = (refusal: ParserRefusal) => RefusalAnswer;

/** The shape of the web server, the metrics servers and the shim's paths outside its APIs: `{"error": <message>}`. */
export const plainRefusal: RefusalRenderer = ({ status, message }) => ({ status, body: { error: message } });

/** The GraphQL servers' shape (the gateway, the subgraphs): `{"errors": [{message, extensions: {code, status}}]}`. */
export const graphqlRefusal: RefusalRenderer = ({ code, status, message }) => ({ status, body: { errors: [{ message, extensions: { code, status } }] } });

/** What the parser's error codes mean to the client (llhttp's `HPE_*`, Node's own timeouts). */
const MESSAGES: Record<string, Omit<ParserRefusal, 'status' | 'path'>> = {
  HPE_HEADER_OVERFLOW: { code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', message: `The request line and headers exceed ${maxHeaderSize / 1024} KiB` },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'REQUEST_TIMEOUT', message: ERROR_CATALOG.REQUEST_TIMEOUT.message },
  ERR_HTTP_HEADERS_TIMEOUT: { code: 'REQUEST_TIMEOUT', message: ERROR_CATALOG.REQUEST_TIMEOUT.message },
  HPE_INVALID_CONTENT_LENGTH: { code: 'MALFORMED_REQUEST', message: 'The Content-Length header is not one non-negative number' },
  HPE_UNEXPECTED_CONTENT_LENGTH: { code: 'MALFORMED_REQUEST', message: 'The request has both Content-Length and Transfer-Encoding, or two Content-Lengths' },
  HPE_INVALID_TRANSFER_ENCODING: { code: 'MALFORMED_REQUEST', message: 'The Transfer-Encoding header is not valid' },
  HPE_INVALID_CHUNK_SIZE: { code: 'MALFORMED_REQUEST', message: 'The chunked body is not valid' },
};

/** Anything else: most often bytes past a body's Content-Length, read as a next request. */
const UNPARSABLE: Omit<ParserRefusal, 'status' | 'path'> = {
  code: 'MALFORMED_REQUEST',
  message: 'The request is not valid HTTP/1.1 (does its body match its Content-Length?)',
};

/** The request line's path, from the bytes the parser refused (the start of the packet). */
const REQUEST_LINE = /^[A-Z]{3,10} (\/[^\s?#]*)/;

export function refusalOf(error: Error & { code?: string; rawPacket?: Buffer }): ParserRefusal {
  const meaning = (error.code && MESSAGES[error.code]) || UNPARSABLE;
  const path = error.rawPacket ? REQUEST_LINE.exec(error.rawPacket.subarray(0, 4096).toString('latin1'))?.[1] : undefined;
  return { ...meaning, status: ERROR_CATALOG[meaning.code].status, path };
}

/**
 * Answers what Node's HTTP parser refuses (a request line and headers over its limit, a bad
 * Content-Length, bytes that are not HTTP, a request too slow to arrive) with a JSON body in the
 * server's shape, where Node alone would answer with an empty one; then closes the connection, as
 * Node does. A connection already gone is closed; one already sending the answer to a request
 * before the refused bytes is closed once that answer is out.
 */
export function answerParserRefusals(server: Server, render: RefusalRenderer): void {
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex & { _httpMessage?: ServerResponse | null }) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const answering = socket._httpMessage;
    if (answering?.headersSent) {
      // The request before the refused bytes is being answered: let that answer go out, then close.
      if (answering.writableFinished) socket.end();
      else answering.once('finish', () => socket.end());
      return;
    }
    const { status, body } = render(refusalOf(error));
    const text = JSON.stringify(body);
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(text)}`,
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${text}`);
  });
}
