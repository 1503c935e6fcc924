/** A supergraph text that could not be read: the file or URL names why (a bounded reason, and the detail). */
export class UnreadableSupergraph extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableSupergraph';
  }
}

/** What a new text (or a failed read) is reported to, while a source is followed. */
export interface SupergraphChanges {
  changed(text: string): void;
  /** The source answered that nothing changed (an HTTP 304). */
  unchanged(): void;
  unreadable(error: UnreadableSupergraph): void;
}

/** Where the supergraph comes from (a file, a URL), and how its changes are noticed. */
export interface SupergraphSource {
  /** Names the source in log lines and in `/readyz`: a path or a URL. */
  readonly origin: string;
  /** The text now, at start; throws when it cannot be read (the process does not start). */
  read(): Promise<string>;
  /** Reports each new text, until the function returned is called. */
  follow(changes: SupergraphChanges): () => void;
}
