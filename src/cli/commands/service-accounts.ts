import type { Command } from 'commander';
import type { SuccessData } from '../../http/operation-types.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';

type ServiceAccountList = SuccessData<'listServiceAccounts'>;

export function registerServiceAccountCommands(program: Command, io: Io): void {
  const serviceAccounts = program.command('service-accounts').description('non-human principals bound to projects');
  addListCommand<ServiceAccountList, ServiceAccountList['serviceAccounts'][number]>(serviceAccounts, io, {
    description: "list the service accounts of the project's organization",
    noun: 'service accounts',
    path: '/api/v1/public/service-accounts',
    maxPageSize: 100,
    items: (data) => data.serviceAccounts,
    columns: [
      { header: 'ID', value: (a) => a.id },
      { header: 'NAME', value: (a) => a.name },
      { header: 'BINDINGS', value: (a) => a.bindings.map((b) => `${b.projectId}:${b.role}`).join(',') },
      { header: 'CREATED', value: (a) => a.createdAt },
    ],
  });
}
