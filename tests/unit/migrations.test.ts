import { describe, expect, it } from 'vitest'
import { migrations } from '../../server/db/migrations/index.ts'

describe('migrations', () => {
  it('are listed in timestamp order with unique ids', () => {
    const ids = migrations.map((migration) => migration.id)
    expect(ids.length).toBeGreaterThan(0)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
    for (const id of ids) expect(id).toMatch(/^\d{14}_[a-z0-9_]+$/)
  })
})
