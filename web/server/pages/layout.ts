import { html, type Html } from './html';
import { pageStyles } from './page-styles';

export interface PageShell {
  title: string;
  /** The document's language (a store's page language). @default en */
  language?: string;
  /** Elements for the head after the style sheet: the storefront's data, LS and scripts. */
  head?: Html;
  /** The top bar's name (a store's, or Switchyard's). */
  siteName: string;
  topBarAside?: Html;
  body: Html;
}

/** The document every server-rendered page shares: a top bar, one main landmark, a footer. */
export function pageDocument(shell: PageShell): string {
  return html`<!doctype html>
<html lang="${shell.language ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${shell.title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${pageStyles.path}">
${shell.head}
</head>
<body>
<header class="top-bar"><p class="top-bar-name">${shell.siteName}</p>${shell.topBarAside ? html`<div class="top-bar-aside">${shell.topBarAside}</div>` : ''}</header>
<main id="main">
${shell.body}
</main>
<footer class="footer">Served by Switchyard</footer>
</body>
</html>
`.text;
}

export interface ProblemPage {
  status: number;
  title: string;
  message: string;
  /** The top bar's name. @default Switchyard */
  siteName?: string;
}

/** A 4xx page a person can read: the status, what went wrong, and nothing of our internals. */
export function problemDocument(problem: ProblemPage): string {
  return pageDocument({
    title: `${problem.title} · ${problem.siteName ?? 'Switchyard'}`,
    siteName: problem.siteName ?? 'Switchyard',
    body: html`<section class="card narrow error-page" aria-labelledby="problem-title">
<p class="error-code" aria-hidden="true">${problem.status}</p>
<h1 id="problem-title">${problem.title}</h1>
<p class="muted">${problem.message}</p>
</section>`,
  });
}
