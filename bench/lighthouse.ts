import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const TARGET_SCORE = 90;

/**
 * Lighthouse mobile performance of the main page as `npm start` serves it (build the web app and
 * start the server first; LIGHTHOUSE_URL, default http://127.0.0.1:3000/). Uses Debian's Chromium
 * (CHROMIUM_PATH) with the flags that keep it off the network. Prints the median of 3 runs.
 */
export async function run(): Promise<void> {
  const url = process.env.LIGHTHOUSE_URL ?? 'http://127.0.0.1:3000/';
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const results: { score: number; metrics: Record<string, string> }[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error('lighthouse returned nothing');
      const { lhr } = result;
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        metrics: {
          FCP: metric('first-contentful-paint'),
          LCP: metric('largest-contentful-paint'),
          TBT: metric('total-blocking-time'),
          CLS: metric('cumulative-layout-shift'),
          SI: metric('speed-index'),
        },
      });
    }
    console.table(results.map((r) => ({ score: r.score, ...r.metrics })));
    const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
    const score = median?.score ?? 0;
    console.log(
      `Lighthouse mobile performance of ${url}: ${score} (median of ${results.length}; target ${TARGET_SCORE}) ${score >= TARGET_SCORE ? 'OK' : 'BELOW TARGET'}`,
    );
  } finally {
    chrome.kill();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await run();
