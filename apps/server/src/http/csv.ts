/**
 * One CSV line (RFC 4180, CRLF). A cell a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return first) gets a leading apostrophe: exports hold text people typed. Used by the
 * audit log and the orders exports.
 */
export function csvLine(cells: (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
