/**
 * A field's own state that starts from, and follows, a value from the address bar: it takes the shopper's or owner's
 * choice at once (the address changes a tick later, after the router's navigation) and the address's value again
 * whenever a navigation comes (Back, Forward, a link).
 */
import { useState } from 'react';
import { useLocation } from 'react-router';

export function useFollowing<T>(outside: T): [T, (value: T) => void] {
  // Each navigation sets the field to the address's value again, even when that value is the one last rendered:
  // React may skip rendering a navigation that another overtakes (Search, then Back at once), and comparing values
  // alone would then keep what the owner had typed for the skipped address.
  const location = useLocation();
  const [value, setValue] = useState(outside);
  const [seen, setSeen] = useState({ outside, location });
  if (outside !== seen.outside || location !== seen.location) {
    setSeen({ outside, location });
    setValue(outside);
  }
  return [value, setValue];
}
