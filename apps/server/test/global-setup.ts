/**
 * Migrates one database per run and hands it to every test file as its template: a file's fresh
 * database then starts from a copy (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE …
 * TEMPLATE) instead of applying every migration again, which cost each file seconds of CPU.
 * The copy is the migrations' own result from an empty database, made anew on every run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/database';
import { freshServerDatabase } from './helpers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `memory:///…/template.tar` on PGlite; the template database's name on PostgreSQL. */
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'logi-template-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await freshServerDatabase(serverUrl);
    await (await openDatabase(template.url, scratch)).close();
    project.provide('databaseTemplate', new URL(template.url).pathname.slice(1));
    return async () => {
      await template.drop();
      rmSync(scratch, { recursive: true, force: true });
    };
  }
  const handle = await openDatabase('memory://', scratch);
  if (handle.connection.kind !== 'pglite') throw new Error('expected the embedded database');
  const dump = await handle.connection.client.dumpDataDir('none');
  await handle.close();
  const file = path.join(scratch, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', `memory://${file}`);
  return async () => rmSync(scratch, { recursive: true, force: true });
}
