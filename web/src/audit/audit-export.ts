interface ExportPage {
  data?: { auditExport: { jsonl: string; lastSeq: number | null; complete: boolean } };
  error?: { message: string };
}

/**
 * Reads the whole chain page by page (`auditExport`) and hands it to the browser as a JSON Lines
 * download; answers what to tell the operator.
 */
export async function downloadAuditExport(read: (afterSeq: number) => Promise<ExportPage>, fileName: string): Promise<string> {
  const parts: string[] = [];
  let afterSeq = 0;
  let records = 0;
  for (;;) {
    const page = await read(afterSeq);
    if (page.error || !page.data) return `The export failed: ${page.error?.message ?? 'no answer'}`;
    const { jsonl, lastSeq, complete } = page.data.auditExport;
    parts.push(jsonl);
    if (lastSeq !== null) {
      records += lastSeq - afterSeq;
      afterSeq = lastSeq;
    }
    if (complete || lastSeq === null) break;
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'application/jsonl' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return `Exported ${records} records. Check the file with npm run guard:verify-audit -- ${fileName}`;
}
