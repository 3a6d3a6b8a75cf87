// Billing (issue 13; docs/billing.md): the daily ledger of members and plan per organization, invoices that
// close a calendar month, their lines, the days each billed, and the payments tried for them.
//
// org_usage: one row per (organization with a plan, UTC day), written by the daily metering job: the plan
// the organization was on and how many members it had when the day ended. With volume_usage (bytes per
// volume and day) it is the ledger an invoice is made of.
//
// invoice: unique per (org, period_start), so a re-run of the invoice job never bills a month twice. Once
// written, an invoice's lines and days never change; only its status and payments move on.
// invoice_day: what an invoice billed for each day, so the next invoice can compare the ledger with it and
// correct a day whose usage changed after it was billed (the latest row of a day is what has been billed).
// invoice_payment: one row per charge tried. Its id is the idempotency key sent to the provider, written
// before the charge is sent: a charge cut off by a crash is sent again under the same key, never twice.
export default `
ALTER TABLE plan ADD COLUMN storage_usd_per_gib_month numeric(12, 5);
UPDATE plan SET storage_usd_per_gib_month = 0.02 WHERE price_usd IS NOT NULL;

CREATE TABLE org_usage (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  usage_date date NOT NULL,
  plan_id text NOT NULL REFERENCES plan (plan_id),
  user_count integer NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, usage_date)
);

CREATE TABLE invoice (
  invoice_id uuid PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  period_start date NOT NULL,
  period_end date NOT NULL,
  invoice_date date NOT NULL,
  total_usd numeric(14, 2) NOT NULL,
  invoice_status text NOT NULL CHECK (invoice_status IN ('PAID', 'UNPAID')),
  charge_rounds integer NOT NULL DEFAULT 0,
  last_charge_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, period_start)
);
CREATE INDEX invoice_unpaid_idx ON invoice (invoice_status, last_charge_date) WHERE invoice_status = 'UNPAID';

CREATE TABLE invoice_line (
  invoice_line_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id uuid NOT NULL REFERENCES invoice (invoice_id) ON DELETE CASCADE,
  metric text NOT NULL CHECK (metric IN ('USER', 'STORAGE')),
  description text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  unit_price_usd numeric(12, 5) NOT NULL,
  count numeric(20, 6) NOT NULL,
  subtotal_usd numeric(14, 2) NOT NULL,
  plan_id text NOT NULL REFERENCES plan (plan_id),
  is_correction boolean NOT NULL
);
CREATE INDEX invoice_line_invoice_idx ON invoice_line (invoice_id, invoice_line_id);

CREATE TABLE invoice_day (
  invoice_id uuid NOT NULL REFERENCES invoice (invoice_id) ON DELETE CASCADE,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  usage_date date NOT NULL,
  plan_id text NOT NULL REFERENCES plan (plan_id),
  user_count integer NOT NULL,
  live_bytes bigint NOT NULL,
  total_bytes bigint NOT NULL,
  included_bytes bigint,
  billable_bytes bigint NOT NULL,
  is_correction boolean NOT NULL,
  PRIMARY KEY (invoice_id, usage_date)
);
CREATE INDEX invoice_day_org_idx ON invoice_day (org_id, usage_date);

CREATE TABLE invoice_payment (
  payment_id uuid PRIMARY KEY,
  invoice_id uuid NOT NULL REFERENCES invoice (invoice_id) ON DELETE CASCADE,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  payment_method_id bigint NOT NULL REFERENCES payment_method (payment_method_id),
  amount_usd numeric(14, 2) NOT NULL,
  payment_status text NOT NULL CHECK (payment_status IN ('SUCCEEDED', 'FAILED', 'PENDING')),
  failure_code text,
  provider_ref text,
  payment_time timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_payment_invoice_idx ON invoice_payment (invoice_id, payment_time);
`
