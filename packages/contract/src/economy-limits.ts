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
  /** an operator's grant or take-back of one viewer's coins */
  operatorCoins: 100_000,
  /** the reason an operator gives for a coin action or a refund */
  reasonLength: 500,
  /** coin validity per source, in days */
  validityDays: 3650,
} as const;
