import { describe, expect, it } from 'vitest';
import { accountLabel } from './account-button.tsx';

describe('accountLabel', () => {
  it('shows the customer’s name, or Account when there is none', () => {
    expect(accountLabel('Ada Lovelace')).toBe('Ada Lovelace');
    expect(accountLabel('  Ada  ')).toBe('Ada');
    expect(accountLabel('')).toBe('Account');
    expect(accountLabel('   ')).toBe('Account');
  });
});
