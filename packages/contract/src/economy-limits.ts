/**
 * The economy settings' largest values, as the schemas in operations.ts have them (a contract test
 * keeps them equal): the console's number fields take no more digits. Plain numbers, so the console
 * reads them without zod (a schema that referred to them kept zod in the viewers' bundle).
 */
export const ECONOMY_LIMITS = {
  coins: 1_000_000,
  money: 100_000_000,
  sortOrder: 10_000,
  missionCount: 1000,
  cooldownSeconds: 86_400,
  dailyAdCap: 1000,
  attendanceCoins: 100_000,
} as const;
