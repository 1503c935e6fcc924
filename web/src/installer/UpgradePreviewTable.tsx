import { count } from '../format';
import type { UpgradePreview } from './use-install-flow';

const SEVERITY_CLASS: Record<string, string> = { destructive: 'state state-killed', lossy: 'state state-paused', safe: 'state state-normal' };

/** The 409 preview of an upgrade: one row per operation, with the rows that would lose data. */
export function UpgradePreviewTable({ preview }: { preview: UpgradePreview }) {
  return (
    <table className="table preview-table">
      <caption className="visually-hidden">
        Changes from version {preview.installedVersion} to {preview.targetVersion}
      </caption>
      <thead>
        <tr>
          <th scope="col">Operation</th>
          <th scope="col">Model</th>
          <th scope="col">Field</th>
          <th scope="col">Severity</th>
          <th scope="col" className="numeric">
            Rows affected
          </th>
        </tr>
      </thead>
      <tbody>
        {preview.changes.map((change, index) => (
          <tr key={`${change.version}-${index}`} data-op={change.op}>
            <td data-label="Operation">
              <code>{change.op}</code>
            </td>
            <td data-label="Model">{change.model}</td>
            <td data-label="Field">{change.name ? (change.oldName ? `${change.oldName} → ${change.name}` : change.name) : '—'}</td>
            <td data-label="Severity">
              <span className={SEVERITY_CLASS[change.severity] ?? 'state'}>{change.severity}</span>
            </td>
            <td data-label="Rows affected" className="numeric" data-testid="preview-rows">
              {change.rows === null ? 'not countable' : count(change.rows)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
