import { describeAuthorizationTable, MODES } from './table.js';

describeAuthorizationTable(MODES.discord);
