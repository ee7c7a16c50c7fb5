import http from 'node:http';
import puppeteer from 'puppeteer-core';
let hits = [];
const server = http.createServer((req, res) => {
  if (req.url.startsWith('/data')) { hits.push({ url: req.url, accept: req.headers.accept, lang: req.headers['accept-language'] }); setTimeout(() => { res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }); res.end('{"ok":true}'); }, 300); return; }
  const mode = req.url.split('?')[1];
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(`<!doctype html><html><head><link rel="preload" as="fetch" crossorigin href="/data?x=1"></head><body><script>
    setTimeout(() => fetch('/data?x=1', ${mode === 'h' ? "{ headers: { Accept: 'application/json', 'Accept-Language': 'ja' }, credentials: 'same-origin' }" : "{ credentials: 'same-origin' }"}).then(r => r.json()).then(j => document.title = 'done'), 100);
  </script></body></html>`);
});
await new Promise(r => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless=new','--disable-gpu'] });
for (const mode of ['plain', 'h']) {
  hits = [];
  const page = await browser.newPage();
  const msgs = []; page.on('console', m => msgs.push(m.text().slice(0,150)));
  await page.goto(`${base}/?${mode}`); await page.waitForFunction(() => document.title === 'done'); await new Promise(r=>setTimeout(r,500));
  process.stdout.write(`${mode}: ${hits.length} requests ${JSON.stringify(hits)} ${JSON.stringify(msgs)}\n`);
  await page.close();
}
await browser.close(); server.close();
