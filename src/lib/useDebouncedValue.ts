// A value that follows another once it has stopped changing for `delayMs`: the overlap preview asks the
// server about a prefix when the admin pauses typing, not at every keystroke.
import { useEffect, useState } from 'react'

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
