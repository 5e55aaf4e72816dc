// the CSV line is shared with the console's other exports (http/csv.ts)
export { csvLine } from '../../http/csv';
