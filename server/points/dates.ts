// Date arithmetic lives in event-schemas/calendar.ts; addDays stays importable from here for the tests written before.
export { addDays } from '../../event-schemas/calendar';
