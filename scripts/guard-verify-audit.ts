import { readFileSync } from 'node:fs';
import { verifyAuditExport } from '../lib/audit-chain';

/**
 * `npm run guard:verify-audit -- <export.jsonl>`: checks an audit export offline (no server, no
 * database) and names the first record that does not chain. Exit 0 when the chain holds, 1 when
 * a record does not chain, 2 when the file is not JSON Lines of audit records or cannot be read.
 */
function main(argv: string[]): number {
  const [path, ...rest] = argv;
  if (!path || rest.length > 0) {
    process.stderr.write('usage: npm run guard:verify-audit -- <export.jsonl>\n');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    process.stderr.write(`cannot read ${path}: ${(error as Error).message}\n`);
    return 2;
  }
  const verdict = verifyAuditExport(text);
  if (verdict.ok) {
    const from = verdict.firstSeq === 1 ? 'from the genesis' : `from seq ${verdict.firstSeq} (anchored there, not at the genesis)`;
    process.stdout.write(`ok: ${verdict.records} records of organisation ${verdict.organisationId} chain ${from} to seq ${verdict.lastSeq}, head ${verdict.lastHash}\n`);
    return 0;
  }
  if (verdict.kind === 'not_json_lines') {
    process.stderr.write(`not an audit export (JSON Lines, one record a line): line ${verdict.line}: ${verdict.problem}\n`);
    return 2;
  }
  process.stderr.write(`broken: line ${verdict.line}, seq ${verdict.seq}: ${verdict.problem}\n`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
