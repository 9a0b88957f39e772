import { describe, expect, it } from 'vitest';
import { ROLES, isRole, roleFromGroups } from './roles';

describe('isRole', () => {
  it.each(ROLES)('recognises %s', (role) => {
    expect(isRole(role)).toBe(true);
  });

  it.each(['Admin', 'guest', '', undefined, 1])('rejects %j', (value) => {
    expect(isRole(value)).toBe(false);
  });
});

describe('roleFromGroups', () => {
  it.each([
    [['broker'], 'broker'],
    [['consumer'], 'consumer'],
    [['broker', 'admin'], 'admin'],
    [['dealer', 'consumer'], 'dealer'],
    ['[broker]', 'broker'],
    ['[admin broker]', 'admin'],
    ['["dealer","consumer"]', 'dealer'],
    ['consumer', 'consumer'],
  ] as const)('reads %j as %s', (groups, role) => {
    expect(roleFromGroups(groups)).toBe(role);
  });

  it.each([[undefined], [[]], ['[]'], [['us-east-1_pool_Google']]])('finds no role in %j', (groups) => {
    expect(roleFromGroups(groups)).toBeUndefined();
  });
});
