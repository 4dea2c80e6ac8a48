/**
 * Command palette ranking (src/palette/ranking.ts) against cmdk's own filter, on synthetic menus
 * of 10,000 and 100,000 commands. Prints figures; asserts nothing.
 *
 * For each size: buildIndex() time and heap growth, then per keystroke of a set of typed queries
 * (each query typed from its first character, with a fresh ranker as when the palette opens):
 * - ours: createRanker(index)(prefix, { limit: 200, recency, now });
 * - cmdk: what cmdk does with `shouldFilter` on: defaultFilter(value, search, keywords) for every
 *   item (value = zh label + ' ' + en label), keep score > 0, sort by score descending.
 * Issue targets: p95 <= 16 ms per keystroke at 10,000, <= 50 ms at 100,000, and no slower than
 * cmdk's filter at either size.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { defaultFilter } from 'cmdk';
import { buildIndex, createRanker } from '../../src/palette/ranking';
import { syntheticCommands } from './synthetic-commands';
import { quantile } from './harness';

const SIZES = [10_000, 100_000];
const QUERIES = ['gys', 'gongying', '供应shang', 'yonghu', 'user', 'dd', 'xinzeng gys', 'export'];
const LIMIT = 200;
/** Measured passes over the query set per size (after one warm-up pass). */
const OURS_PASSES = 3;
const CMDK_PASSES = 1;

/** Every prefix of `query` as typed; an IME commits each hanzi as one keystroke. */
function keystrokes(query: string): string[] {
  const chars = Array.from(query);
  return chars.map((_, i) => chars.slice(0, i + 1).join(''));
}

function summary(samples: number[]): { median: number; p95: number; text: string } {
  const s = [...samples].sort((a, b) => a - b);
  const median = quantile(s, 0.5);
  const p95 = quantile(s, 0.95);
  return {
    median,
    p95,
    text: `median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${(s.at(-1) ?? NaN).toFixed(2)} ms (n=${String(s.length)})`,
  };
}

/** A real gc() for heap deltas, without needing node --expose-gc on the command line. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  return () => {
    if (gc) {
      gc();
      gc();
    }
  };
}

function cmdkFilter(values: readonly string[], keywords: readonly string[][], search: string) {
  const hits: { i: number; score: number }[] = [];
  for (let i = 0; i < values.length; i++) {
    const score = defaultFilter(values[i] as string, search, keywords[i]);
    if (score > 0) hits.push({ i, score });
  }
  hits.sort((a, b) => b.score - a.score);
  return hits;
}

export async function benchPaletteRanking(): Promise<void> {
  const gc = collector();
  console.log('## Command palette ranking (src/palette/ranking.ts) vs cmdk defaultFilter');
  console.log(`queries typed one keystroke at a time: ${QUERIES.map((q) => `'${q}'`).join(', ')}`);
  // pinyin-pro loads its dictionaries on first use: keep that out of the heap figures.
  buildIndex(syntheticCommands(100));
  for (const size of SIZES) {
    const commands = syntheticCommands(size);
    const now = Date.UTC(2025, 0, 15);
    const recency = new Map<string, number>();
    for (let i = 0; i < 20; i++) recency.set(`cmd-${String(i * 37)}`, now - i * 3_600_000);

    gc();
    const before = process.memoryUsage();
    const t0 = performance.now();
    const index = buildIndex(commands);
    const buildMs = performance.now() - t0;
    gc();
    const after = process.memoryUsage();
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.log(
      `\n### ${size.toLocaleString('en-US')} commands\n` +
        `buildIndex: ${buildMs.toFixed(0)} ms; heap +${mb(after.heapUsed - before.heapUsed)} MB ` +
        `plus typed arrays +${mb(after.arrayBuffers - before.arrayBuffers)} MB ` +
        `(${String(index.data.fieldText.length)} distinct fields, ` +
        `${String(index.data.charFlags.length)} hanzi-field characters)`,
    );

    const ours: number[] = [];
    let lastCount = 0;
    for (let pass = 0; pass <= OURS_PASSES; pass++) {
      for (const query of QUERIES) {
        const ranker = createRanker(index);
        for (const typed of keystrokes(query)) {
          const s = performance.now();
          const result = ranker(typed, { limit: LIMIT, recency, now });
          const ms = performance.now() - s;
          if (pass > 0) ours.push(ms);
          lastCount = result.length;
        }
      }
    }

    const values = commands.map((c) => `${c.label.zh} ${c.label.en}`);
    const keywords = commands.map((c) => [...(c.keywords ?? [])]);
    const cmdk: number[] = [];
    // A short warm-up only: a full cmdk pass over 100,000 items takes tens of seconds.
    cmdkFilter(values, keywords, 'g');
    for (let pass = 0; pass < CMDK_PASSES; pass++) {
      for (const query of QUERIES) {
        for (const typed of keystrokes(query)) {
          const s = performance.now();
          cmdkFilter(values, keywords, typed);
          cmdk.push(performance.now() - s);
        }
      }
    }

    const perQuery = QUERIES.map((query) => {
      const ranker = createRanker(index);
      let hits = 0;
      for (const typed of keystrokes(query)) hits = ranker(typed).length;
      const cmdkHits = cmdkFilter(values, keywords, query).length;
      return `'${query}' ${String(hits)} (cmdk ${String(cmdkHits)})`;
    });
    const tops = QUERIES.map((query) => {
      const top = createRanker(index)(query, { limit: 2 });
      return `'${query}' -> ${top.map((r) => `${r.item.label.zh} (${r.tier})`).join(', ')}`;
    });
    const o = summary(ours);
    const c = summary(cmdk);
    const target = size <= 10_000 ? 16 : 50;
    console.log(`ours, per keystroke (limit ${String(LIMIT)}): ${o.text}`);
    console.log(`cmdk defaultFilter, per keystroke:   ${c.text}`);
    console.log(
      `target p95 <= ${String(target)} ms: ${o.p95 <= target ? 'met' : 'MISSED'}; ` +
        `no slower than cmdk: ${o.p95 <= c.p95 && o.median <= c.median ? 'met' : 'MISSED'}`,
    );
    console.log(`matches of the full queries, ours (cmdk): ${perQuery.join(', ')}`);
    console.log(
      `first two of ours: ${tops.join('; ')} (a typed result holds ${String(lastCount)} rows)`,
    );
  }
}
