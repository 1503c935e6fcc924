import type { CombinedError } from 'urql';
import { errorMessages } from '../graph/graph-errors';

interface Props {
  error?: CombinedError;
  messages?: string[];
  title?: string;
}

/** What went wrong, in the graph's words, announced to screen readers as it appears. */
export function ErrorNotice({ error, messages = [], title }: Props) {
  const shown = [...messages, ...errorMessages(error)];
  if (shown.length === 0) return null;
  return (
    <div className="notice notice-error" role="alert">
      {title && <strong>{title}</strong>}
      {shown.length === 1 ? <p>{shown[0]}</p> : <ul>{shown.map((message) => <li key={message}>{message}</li>)}</ul>}
    </div>
  );
}
