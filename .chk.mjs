import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [path, w] of [['/', 390], ['/', 1280], ['/about', 390], ['/schedule', 390], ['/terms', 1280], ['/nope', 390]]) {
  const p = await b.newPage({ viewport: { width: w, height: 800 } });
  const msgs = []; p.on('console', m => { if (['error','warning'].includes(m.type())) msgs.push(m.type()+': '+m.text().slice(0,300)); }); p.on('pageerror', e => msgs.push('pageerror: '+e.message));
  const reqs = []; p.on('request', r => reqs.push(r.url().replace(/.*\/\/[^/]+/, '')));
  await p.goto('http://localhost:4700' + path); await p.waitForFunction(() => !!document.documentElement.dataset.hydrated, null, { timeout: 10000 }).catch(e => msgs.push('not hydrated'));
  let menu = '';
  if (w === 390) { await p.getByRole('button', { name: 'Menu' }).click(); menu = await p.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded'); }
  console.log(path, w, await p.evaluate(() => document.documentElement.dataset.hydrated), 'menu', menu, 'js', reqs.filter(r => r.endsWith('.js')).length, 'css', reqs.filter(r => r.endsWith('.css')), msgs);
  await p.screenshot({ path: `/tmp/isl${path.replace(/\W/g,'_')}-${w}.png` });
  await p.close();
}
await b.close();
