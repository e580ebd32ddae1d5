/**
 * Lint fixture, imported by nothing: `npm run check` (lint with --max-warnings 0) fails if the
 * import-zone rule of eslint.config.js stops refusing these imports, because each disable comment
 * below would then be unused, which ESLint reports. The rule's full behaviour is proved by
 * src/app/import-zones.test.ts.
 */
// eslint-disable-next-line no-restricted-imports -- proves a feature may not import another feature
import type { ScheduleParams } from '../teachers/api/get-teacher-schedule.ts';
// eslint-disable-next-line no-restricted-imports -- proves a feature may not import the shell
import type { RouteHandle } from '../../shell/route-handle.ts';

export type ImportZonesFixture = [ScheduleParams, RouteHandle];
