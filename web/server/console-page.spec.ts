import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIG_MARKER, consolePage } from './console-page';

function builtApp(html: string): string {
  const root = mkdtempSync(join(tmpdir(), 'console-page-'));
  writeFileSync(join(root, 'index.html'), html);
  return root;
}

describe('consolePage', () => {
  it('injects the configuration as inert JSON that no value can break out of', () => {
    const page = consolePage(builtApp(`<head>${CONFIG_MARKER}</head>`), { gatewayUrl: 'https://api.example.com/graphql?x=</script><script>alert(1)</script>' });
    expect(page).toBe(
      '<head><script type="application/json" id="console-config">{"gatewayUrl":"https://api.example.com/graphql?x=\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script></head>',
    );
    const json = page.slice(page.indexOf('>') + 1 + page.slice(page.indexOf('>') + 1).indexOf('>') + 1, page.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ gatewayUrl: 'https://api.example.com/graphql?x=</script><script>alert(1)</script>' });
  });

  it('refuses a build without the marker instead of serving a page that cannot find the gateway', () => {
    expect(() => consolePage(builtApp('<head></head>'), { gatewayUrl: 'http://127.0.0.1:4000/graphql' })).toThrow(/no <!--console-config--> marker/);
  });
});
