// The e-mail step and the code step shared by login and the first step of signup.
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { configQueries } from '../../api/config.ts'
import { useEmailLogin, useSendEmailCode } from '../../api/user.ts'
import { sendCodeMessage, verifyFailure } from '../../lib/messages.ts'
import {
  INVALID_EMAIL_MESSAGE,
  codeDigits,
  codeError,
  isValidEmail,
  normalizeEmail,
} from '../../lib/validation.ts'
import { FormError } from '../../ui/FormError.tsx'
import { TextField } from '../../ui/Field.tsx'

export interface EmailCodeFormProps {
  /** Signup creates the user when the address is new. */
  signup: boolean
  onLoggedIn: (sessionKey: string) => void
  onNotAMember: () => void
}

export function EmailCodeForm({ signup, onLoggedIn, onNotAMember }: EmailCodeFormProps) {
  const { data: config } = useSuspenseQuery(configQueries.client())
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()

  const sendCode = useSendEmailCode(signup)
  const login = useEmailLogin()

  function submitEmail(event: FormEvent) {
    event.preventDefault()
    setError(undefined)
    if (!isValidEmail(email)) return setError(INVALID_EMAIL_MESSAGE)
    sendCode.mutate(normalizeEmail(email), {
      onSuccess: () => {
        setCode('')
        setStep('code')
      },
      onError: (failure) => setError(sendCodeMessage(failure)),
    })
  }

  function submitCode(event: FormEvent) {
    event.preventDefault()
    setError(undefined)
    const problem = codeError(code)
    if (problem) return setError(problem)
    login.mutate(
      { email: normalizeEmail(email), login_code: code, domain_prefix: config.domain_prefix },
      {
        onSuccess: onLoggedIn,
        onError: (failure) => {
          const outcome = verifyFailure(failure)
          if (outcome.kind === 'not_a_member') return onNotAMember()
          setError(outcome.message)
          // The code is burned after too many tries: a new one must be sent.
          if (outcome.kind === 'too_many_tries') setStep('email')
        },
      },
    )
  }

  if (step === 'email') {
    return (
      <form className="form" onSubmit={submitEmail} noValidate>
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          autoFocus
        />
        <FormError message={error} />
        <button type="submit" className="button" disabled={sendCode.isPending}>
          Send Code
        </button>
      </form>
    )
  }
  return (
    <form className="form" onSubmit={submitCode} noValidate>
      <p>
        We sent a code to <strong>{normalizeEmail(email)}</strong>.
      </p>
      <TextField
        label="Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(value) => setCode(codeDigits(value))}
        autoFocus
      />
      <FormError message={error} />
      <div className="form-actions">
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setError(undefined)
            setStep('email')
          }}
        >
          Change E-mail
        </button>
        <button type="submit" className="button" disabled={login.isPending}>
          Sign In
        </button>
      </div>
    </form>
  )
}
