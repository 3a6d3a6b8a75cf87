// The bench project's PostgreSQL database: made before the benchmarks and dropped after them, here
// because benchmark files run no afterAll hooks. A database beside TEST_DATABASE_URL when it is set, else
// one from scripts/test-database.mjs; none (and the benchmarks say so) when PostgreSQL is absent.
import { execFileSync } from 'node:child_process'
import type { TestProject } from 'vitest/node'
import { freshDatabase } from '../server/helpers/databases.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    benchDatabaseUrl: string | null
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const database = await freshDatabase('postgres')
    project.provide('benchDatabaseUrl', database.databaseUrl ?? null)
    return () => database.drop()
  }
  let url: string
  try {
    url = execFileSync('node', ['scripts/test-database.mjs'], { encoding: 'utf8', stdio: 'pipe' }).trim()
  } catch {
    project.provide('benchDatabaseUrl', null)
    return undefined
  }
  project.provide('benchDatabaseUrl', url)
  return () => {
    execFileSync('node', ['scripts/test-database.mjs', '--drop', url])
  }
}
