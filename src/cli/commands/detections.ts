import type { Command } from 'commander';
import type { components } from '../../../generated/openapi.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import type { Page } from '../list-engine.js';

type DetectionSummary = components['schemas']['DetectionSummary'];

export function registerDetectionCommands(program: Command, io: Io): void {
  const detections = program.command('detections').description('detectors that run over traces');
  addListCommand<{ detections: DetectionSummary[]; page: Page }, DetectionSummary>(detections, io, {
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
}
