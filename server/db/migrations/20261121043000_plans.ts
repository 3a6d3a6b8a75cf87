// Plans and their limits (specification 000, section 9). A NULL limit means unlimited.
export default `
CREATE TABLE plan (
  plan_id text PRIMARY KEY,
  plan_name text NOT NULL,
  plan_frequency text NOT NULL CHECK (plan_frequency IN ('MONTH', 'YEAR')),
  display_price text NOT NULL,
  description text NOT NULL,
  price_usd numeric(12, 2),
  is_self_signup boolean NOT NULL,
  max_user_count integer,
  max_device_count integer,
  max_storage_bytes bigint,
  retention_days integer,
  max_org_count integer,
  sort_order integer NOT NULL
);

INSERT INTO plan (plan_id, plan_name, plan_frequency, display_price, description, price_usd, is_self_signup,
                  max_user_count, max_device_count, max_storage_bytes, retention_days, max_org_count, sort_order)
VALUES
  ('starter_month', 'Starter', 'MONTH', '$49.00 / month',
   'For a small team getting started: 2 users, 2 devices, 1 TB of cloud storage and 3-day retention of deleted files.',
   49.00, true, 2, 2, 1099511627776, 3, 1, 1),
  ('pro_month', 'Pro', 'MONTH', '$99.00 / month',
   'For a growing team: 2 users, 4 devices, 2 TB of cloud storage and 5-day retention of deleted files.',
   99.00, true, 2, 4, 2199023255552, 5, NULL, 2),
  ('business_month', 'Business', 'MONTH', '$299.00 / month',
   'For production work: 4 users, 8 devices, 10 TB of cloud storage and 14-day retention of deleted files.',
   299.00, true, 4, 8, 10995116277760, 14, NULL, 3),
  ('enterprise_month', 'Enterprise', 'MONTH', 'Custom',
   'Unlimited users, devices and storage, with retention to suit. Contact us by e-mail for a price.',
   NULL, false, NULL, NULL, NULL, NULL, NULL, 4);
`
