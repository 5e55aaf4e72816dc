/** The success envelope. */
export function ok<T>(data: T, message = 'success') {
  return { code: 0, message, data };
}
