import { expect } from 'chai';
import { effectiveProjectRole, minimumRoleFor, satisfiesRole } from '../../src/auth/roles.js';
import { operationIndex } from '../../src/http/contract.js';

describe('project roles', () => {
  it('gives organization owners and admins the admin role on every project', () => {
    expect(effectiveProjectRole('owner', null)).to.equal('admin');
    expect(effectiveProjectRole('admin', 'viewer')).to.equal('admin');
  });

  it('lets a project membership raise an organization member, who is a viewer by default', () => {
    expect(effectiveProjectRole('member', null)).to.equal('viewer');
    expect(effectiveProjectRole('member', 'editor')).to.equal('editor');
  });

  it('keeps organization viewers at viewer whatever the project membership says', () => {
    expect(effectiveProjectRole('viewer', 'admin')).to.equal('viewer');
  });

  it('grants nothing outside the organization', () => {
    expect(effectiveProjectRole(null, 'admin')).to.equal(null);
  });

  it('orders roles viewer < editor < admin', () => {
    expect(satisfiesRole('admin', 'editor')).to.equal(true);
    expect(satisfiesRole('editor', 'editor')).to.equal(true);
    expect(satisfiesRole('viewer', 'editor')).to.equal(false);
  });

  it('derives the minimum role from x-min-role, else viewer for GET and editor for mutations', () => {
    expect(minimumRoleFor('GET', undefined)).to.equal('viewer');
    expect(minimumRoleFor('POST', undefined)).to.equal('editor');
    expect(minimumRoleFor('DELETE', undefined)).to.equal('editor');
    expect(minimumRoleFor('GET', 'admin')).to.equal('admin');
    expect(() => minimumRoleFor('GET', 'owner')).to.throw(/x-min-role/);
  });

  it('reads a valid minimum role for every operation of the contract', () => {
    for (const operation of operationIndex()) expect(operation.minRole, operation.operationId).to.be.oneOf(['viewer', 'editor', 'admin']);
  });
});
