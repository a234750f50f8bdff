import { expect } from 'chai';
import { MAX_COMPARISONS, MAX_DEPTH, MAX_FILTER_LENGTH, parseScimFilter } from '../../src/domain/scim/scim-filter.js';
import { ScimError } from '../../src/domain/scim/scim-error.js';

const refused = (text: string, resource: 'User' | 'Group' = 'User'): ScimError => {
  try {
    parseScimFilter(text, resource);
  } catch (error) {
    if (error instanceof ScimError) return error;
    throw error;
  }
  throw new Error(`${text} was accepted`);
};

describe('parseScimFilter (RFC 7644 §3.4.2.2)', () => {
  it('reads attrPath op value, with attribute names and operators in any case and the schema URN prefix', () => {
    expect(parseScimFilter('userName eq "Ada@Example.com"', 'User')).to.deep.equal({ kind: 'compare', attribute: 'userName', operator: 'eq', value: 'Ada@Example.com' });
    expect(parseScimFilter('USERNAME EQ "a"', 'User')).to.deep.equal({ kind: 'compare', attribute: 'userName', operator: 'eq', value: 'a' });
    expect(parseScimFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName sw "a"', 'User')).to.deep.include({ attribute: 'userName', operator: 'sw' });
    expect(parseScimFilter('emails.value co "@example.com"', 'User')).to.deep.include({ attribute: 'email', operator: 'co' });
    expect(parseScimFilter('externalId pr', 'User')).to.deep.equal({ kind: 'compare', attribute: 'externalId', operator: 'pr', value: null });
    expect(parseScimFilter('active eq false', 'User')).to.deep.equal({ kind: 'compare', attribute: 'active', operator: 'eq', value: false });
  });

  it('binds and tighter than or, and reads not (…) and parentheses (RFC 7644 Table 5 precedence)', () => {
    const a = { kind: 'compare', attribute: 'userName', operator: 'eq', value: 'a' };
    const b = { kind: 'compare', attribute: 'userName', operator: 'eq', value: 'b' };
    const c = { kind: 'compare', attribute: 'userName', operator: 'eq', value: 'c' };
    expect(parseScimFilter('userName eq "a" or userName eq "b" and userName eq "c"', 'User')).to.deep.equal({ kind: 'or', left: a, right: { kind: 'and', left: b, right: c } });
    expect(parseScimFilter('(userName eq "a" or userName eq "b") and userName eq "c"', 'User')).to.deep.equal({ kind: 'and', left: { kind: 'or', left: a, right: b }, right: c });
    expect(parseScimFilter('not (userName eq "a")', 'User')).to.deep.equal({ kind: 'not', filter: a });
  });

  it('reads a string as JSON: escaped quotes and backslashes stay inside the value', () => {
    expect(parseScimFilter('userName eq "x\\" or \\"1\\"=\\"1"', 'User')).to.deep.include({ value: 'x" or "1"="1' });
    expect(parseScimFilter('userName eq "a\\\\b"', 'User')).to.deep.include({ value: 'a\\b' });
  });

  it('Groups filter on displayName, externalId and id only', () => {
    expect(parseScimFilter('displayName eq "Ops"', 'Group')).to.deep.include({ attribute: 'displayName' });
    expect(refused('userName eq "a"', 'Group').scimType).to.equal('invalidFilter');
  });

  it(`refuses more than ${MAX_FILTER_LENGTH} characters, ${MAX_COMPARISONS} comparisons or ${MAX_DEPTH} nested groups`, () => {
    expect(refused(`userName eq "${'a'.repeat(MAX_FILTER_LENGTH)}"`).detail).to.equal(`The filter is longer than ${MAX_FILTER_LENGTH} characters.`);
    expect(refused(Array.from({ length: MAX_COMPARISONS + 1 }, () => 'userName pr').join(' and ')).detail).to.equal(`The filter has more than ${MAX_COMPARISONS} comparisons.`);
    expect(refused(`${'('.repeat(MAX_DEPTH + 1)}userName pr${')'.repeat(MAX_DEPTH + 1)}`).detail).to.equal(`The filter nests more than ${MAX_DEPTH} groups.`);
    expect(() => parseScimFilter(`${'('.repeat(MAX_DEPTH)}userName pr${')'.repeat(MAX_DEPTH)}`, 'User')).to.not.throw();
  });

  it('refuses what it cannot answer exactly, each as invalidFilter', () => {
    for (const text of ['userName eq', 'userName eq "a" or', 'userName eq "a" userName', 'userName ~ "a"', "userName eq 'a'", 'userName eq 1', 'emails[type eq "work"]', 'userName gt "a"', 'id sw "a"', 'active eq "true"', 'userName eq true', 'not userName pr', 'userName eq "a\\u0000"', 'userName eq "\\ud800"', 'userName eq "a\\q"', '   ']) {
      const error = refused(text);
      expect(error.status, text).to.equal(400);
      expect(error.scimType, text).to.equal('invalidFilter');
    }
  });
});
