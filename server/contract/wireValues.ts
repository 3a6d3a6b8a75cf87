// Schemas of values many calls share, and how the server reads them.
import { Type } from 'typebox'

/** A value or null. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

/** A switch as the spec sends it: 0 or 1, or a JSON boolean. */
export const ZeroOrOne = Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })])

export const asBoolean = (value: boolean | number): boolean => value === true || value === 1
