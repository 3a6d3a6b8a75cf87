// Schemas of values many calls share, and how the server reads them.
import { Type } from 'typebox'
import { EMAIL_MAX_LENGTH, TEXT_RULE_KEYWORD } from './text.ts'

/** A value or null. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

/** A switch as the spec sends it: 0 or 1, or a JSON boolean. */
export const ZeroOrOne = Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })])

export const asBoolean = (value: boolean | number): boolean => value === true || value === 1

/** A name as a request carries it: at most `maxLength` characters as sent (the service trims it). */
export const NameText = (maxLength: number) => Type.String({ maxLength, [TEXT_RULE_KEYWORD]: 'name' })

/** An e-mail address as a request carries it (the service trims and lower-cases it). */
export const EmailText = () => Type.String({ maxLength: EMAIL_MAX_LENGTH, [TEXT_RULE_KEYWORD]: 'email' })
