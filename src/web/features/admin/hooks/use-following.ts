/** A field's own state that starts from, and follows, a value from outside (the address bar). */
import { useState } from 'react';

export function useFollowing<T>(outside: T): [T, (value: T) => void] {
  const [value, setValue] = useState(outside);
  const [seen, setSeen] = useState(outside);
  if (outside !== seen) {
    setSeen(outside);
    setValue(outside);
  }
  return [value, setValue];
}
