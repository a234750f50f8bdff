import type { Command } from 'commander';
import type { SuccessData } from '../../http/operation-types.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { registerDetectionModelCommands } from './detection-models.js';

type DetectionList = SuccessData<'listDetections'>;
type FixList = SuccessData<'listFixes'>;

export function registerDetectionCommands(program: Command, io: Io): void {
  const detections = program.command('detections').description('detectors that run over traces');
  addListCommand<DetectionList, DetectionList['detections'][number]>(detections, io, {
    description: 'list detections',
    noun: 'detections',
    path: '/api/v1/public/detections',
    maxPageSize: 100,
    items: (data) => data.detections,
    columns: [
      { header: 'ID', value: (d) => d.id },
      { header: 'SLUG', value: (d) => d.slug },
      { header: 'NAME', value: (d) => d.displayName },
      { header: 'TYPE', value: (d) => d.type },
      { header: 'THRESHOLD', value: (d) => d.threshold },
      { header: 'ACTIVE', value: (d) => d.isActive },
    ],
    filters: [
      { flags: '--type <type>', description: 'detector type', param: 'type' },
      { flags: '--active <bool>', description: 'true or false', param: 'active', choices: ['true', 'false'] },
      { flags: '--group-id <id>', description: 'detection group', param: 'groupId' },
    ],
  });
  registerDetectionModelCommands(detections, io);

  const fixes = program.command('fixes').description('fixes (formerly suggestions) and their triage');
  addListCommand<FixList, FixList['fixes'][number]>(fixes, io, {
    description: 'list fixes',
    noun: 'fixes',
    path: '/api/v1/public/fixes',
    maxPageSize: 100,
    items: (data) => data.fixes,
    columns: [
      { header: 'ID', value: (f) => f.id },
      { header: 'TITLE', value: (f) => f.title },
      { header: 'STATUS', value: (f) => f.status },
      { header: 'SEVERITY', value: (f) => f.severity },
      { header: 'LABEL', value: (f) => f.label },
      { header: 'CONFIDENCE', value: (f) => f.confidence },
      { header: 'TRACES', value: (f) => f.linkedTraceIds.length },
    ],
    filters: [
      { flags: '--status <status>', description: 'fix status', param: 'status', choices: ['draft', 'open', 'in_progress', 'resolved', 'archived'] },
      { flags: '--severity <severity>', description: 'severity', param: 'severity', choices: ['critical', 'high', 'medium', 'low'] },
      { flags: '--label <label>', description: 'label', param: 'label' },
    ],
  });
}
