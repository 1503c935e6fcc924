import type { Request } from 'express';
import busboy from 'busboy';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { ShimGateway } from '../kit/shim-gateway';
import { installerRefusal } from './installer-refusals';
import { PackageUploader } from './package-uploader';

/** A package request, read: the staged upload's id and the install config. */
export interface PackageRequest {
  uploadId: string;
  config?: Record<string, unknown>;
}

/**
 * The three body shapes of install-package and upgrade-package (installer.md):
 * multipart (`package` file, `config` field), JSON (`package_b64` or `package`, `config`), and a
 * raw ZIP with `?config=`. Multipart and raw bodies are streamed into staging chunks as they
 * arrive; a JSON body is read whole (its base64 is one string), within the package limit.
 */
export async function readPackageRequest(req: Request, gateway: ShimGateway, maxBytes: number): Promise<PackageRequest> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  const uploader = new PackageUploader(gateway, req, maxBytes);
  if (type.startsWith('multipart/form-data')) return readMultipart(req, uploader);
  if (/^application\/(.+\+)?json/.test(type)) return readJson(req, uploader, maxBytes);
  const config = parseConfig(typeof req.query.config === 'string' ? req.query.config : undefined);
  await pump(req, uploader);
  return { uploadId: await required(uploader), config };
}

async function required(uploader: PackageUploader): Promise<string> {
  const id = await uploader.finish();
  if (!id) throw installerRefusal('missing-package', 'The request carries no package');
  return id;
}

/** Reads `source` into the uploader, pausing it while each chunk is stored. */
async function pump(source: Readable, uploader: PackageUploader): Promise<void> {
  for await (const data of source) await uploader.write(data as Buffer);
}

function parseConfig(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw installerRefusal('invalid-config', 'config is not valid JSON');
  }
  return asConfig(value);
}

function asConfig(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw installerRefusal('invalid-config', 'config must be a JSON object');
  return value as Record<string, unknown>;
}

async function readMultipart(req: Request, uploader: PackageUploader): Promise<PackageRequest> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 } });
  } catch {
    throw installerRefusal('missing-package', 'The multipart body has no boundary');
  }
  let configText: string | undefined;
  let sawPackage = false;
  let failure: unknown;
  const files: Array<Promise<void>> = [];
  parser.on('field', (name, value) => {
    if (name === 'config') configText = value;
  });
  parser.on('file', (name, stream) => {
    if (name !== 'package' || sawPackage) return void stream.resume();
    sawPackage = true;
    files.push(
      pump(stream, uploader).catch((error: unknown) => {
        failure ??= error;
        stream.resume();
      }),
    );
  });
  const finished = once(parser, 'close');
  req.pipe(parser);
  try {
    await finished;
  } catch {
    throw installerRefusal('missing-package', 'The multipart body could not be read');
  }
  await Promise.all(files);
  if (failure) throw failure;
  const config = parseConfig(configText);
  if (!sawPackage) throw installerRefusal('missing-package', 'The multipart body has no "package" file');
  return { uploadId: await required(uploader), config };
}

async function readJson(req: Request, uploader: PackageUploader, maxBytes: number): Promise<PackageRequest> {
  // Base64 is 4/3 of the bytes it carries; the rest of the body (config) is small.
  const limit = Math.ceil((maxBytes * 4) / 3) + 64 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const data of req) {
    size += (data as Buffer).length;
    if (size > limit) throw installerRefusal('package-invalid', `package-invalid: <archive>: more than the ${maxBytes} bytes allowed (INSTALLER_MAX_PACKAGE_MB)`, 422);
    chunks.push(data as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw installerRefusal('invalid-json', 'The body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw installerRefusal('invalid-json', 'The body must be a JSON object');
  const fields = body as Record<string, unknown>;
  const encoded = fields.package_b64 ?? fields.package;
  if (encoded === undefined || encoded === null || encoded === '') throw installerRefusal('missing-package', 'Give the package as package_b64 (base64 of the ZIP)');
  if (typeof encoded !== 'string') throw installerRefusal('invalid-base64', 'package_b64 must be a base64 string');
  const text = encoded.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw installerRefusal('invalid-base64', 'package_b64 is not valid base64');
  const config = asConfig(fields.config);
  // Decoded and sent a chunk at a time: the decoded package is never whole in memory beside the text.
  for (let at = 0; at < text.length; at += BASE64_STEP) await uploader.write(Buffer.from(text.slice(at, at + BASE64_STEP), 'base64'));
  return { uploadId: await required(uploader), config };
}

/** Base64 characters decoded at a time: a multiple of 4, so each slice decodes on its own. */
const BASE64_STEP = 4 * 128 * 1024;
