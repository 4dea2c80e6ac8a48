import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { withAdmin } from './pg-admin.js';

/** The run's place for templates (template-database.ts). */
export interface TemplateRun {
  id: string;
  dir: string;
}

/**
 * The server project's set-up (vite.config.ts): a place for this run's seeded templates
 * (template-database.ts), removed with them when the run ends.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const run: TemplateRun = {
    id: randomBytes(4).toString('hex'),
    dir: fs.mkdtempSync(path.join(tmpdir(), 'quanyi-templates-')),
  };
  project.provide('templateRun', run);
  return async () => {
    fs.rmSync(run.dir, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (url) await dropTemplates(url, run);
  };
}

/** Drops every template database of a run. */
async function dropTemplates(url: string, run: TemplateRun): Promise<void> {
  await withAdmin(url, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`tpl\\_${run.id}\\_%`],
    );
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
  });
}
