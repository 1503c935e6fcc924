import { randomBytes } from 'node:crypto';
import { postJson } from '../../support/http';

/** One GraphQL call to a stack's gateway; returns the whole body (data and errors). */
export async function gql<T = any>(gatewayUrl: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await postJson<{ data?: T; errors?: Array<{ message: string; extensions: { code: string; status?: number; field?: string; details?: any } }> }>(
    gatewayUrl,
    { query, variables },
    headers,
  );
  return response.body;
}

const STAGE = 'mutation Stage($id: ID, $seq: Int!, $data: String!) { stagePackageChunk(uploadId: $id, seq: $seq, data: $data) { id bytes chunks } }';
const INSTALL = `mutation Install($id: ID!, $config: JSONObject) { installPackage(uploadId: $id, config: $config) {
  success module installedFiles manifest frontendOk migrateOk migrateOutput seedOk seedOutput migrateDeferred restartRequired } }`;

/** Stages `zip` in chunks of `chunkBytes` through the graph; returns the upload id. */
export async function stagePackage(gatewayUrl: string, zip: Buffer, headers: Record<string, string> = {}, chunkBytes = 256 * 1024): Promise<string> {
  let id: string | undefined;
  for (let seq = 0, at = 0; at < zip.length || seq === 0; seq++, at += chunkBytes) {
    const body = await gql(gatewayUrl, STAGE, { id, seq, data: zip.subarray(at, at + chunkBytes).toString('base64') }, headers);
    if (body.errors) throw Object.assign(new Error(body.errors[0].message), { errors: body.errors });
    id = body.data.stagePackageChunk.id;
  }
  return id!;
}

export async function installThroughGraph(gatewayUrl: string, zip: Buffer, config?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const id = await stagePackage(gatewayUrl, zip, headers);
  return gql(gatewayUrl, INSTALL, { id, config }, headers);
}

/** An admin of the config's shape with a fresh username and address. */
export function freshAdmin() {
  const name = `adm_${randomBytes(4).toString('hex')}`;
  return { username: name, email: `${name}@example.com`, password: 'Secret123' };
}
