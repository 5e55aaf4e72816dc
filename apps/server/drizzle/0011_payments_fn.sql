-- Custom SQL migration file, put your code below! ---- Demo coin packs (spec §3). Prices: krw in won, usd and iap_price in cents. Operators change packs
-- with plain SQL; an existing pack is never overwritten here.
INSERT INTO "payment_goods" ("gods_code", "paid_coin", "bons_coin", "bons_coin_1st", "krw", "usd_cents", "iap_google", "iap_apple", "iap_price_cents", "sort_order")
VALUES
  ('coin_100', 100, 0, 10, 1200, 99, 'snapdrama.coin.100', 'com.snapdrama.coin.100', 99, 10),
  ('coin_300', 300, 15, 30, 3600, 299, 'snapdrama.coin.300', 'com.snapdrama.coin.300', 299, 20),
  ('coin_500', 500, 50, 50, 5900, 499, 'snapdrama.coin.500', 'com.snapdrama.coin.500', 499, 30),
  ('coin_1000', 1000, 150, 100, 11000, 999, 'snapdrama.coin.1000', 'com.snapdrama.coin.1000', 999, 40),
  ('coin_3000', 3000, 600, 300, 33000, 2999, 'snapdrama.coin.3000', 'com.snapdrama.coin.3000', 2999, 50),
  ('coin_5000', 5000, 1200, 500, 55000, 4999, 'snapdrama.coin.5000', 'com.snapdrama.coin.5000', 4999, 60),
  ('coin_10000', 10000, 3000, 0, 110000, 9999, 'snapdrama.coin.10000', 'com.snapdrama.coin.10000', 9999, 70)
ON CONFLICT ("gods_code") DO NOTHING;
