/** A form's message, announced to screen readers as it appears. */
export function FormError({ message }: { message: string | undefined }) {
  return (
    <p className="form-error" role="alert">
      {message ?? ''}
    </p>
  )
}
