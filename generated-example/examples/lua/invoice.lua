#!/usr/bin/env lua5.4
-- Invoices for a small shop: items, discounts, taxes and a printed summary.
-- One catalogue entry lacks its discount, and the summary stops with an error there.

local Catalogue = {}
Catalogue.__index = Catalogue

function Catalogue.new()
  return setmetatable({ items = {}, count = 0 }, Catalogue)
end

function Catalogue:add(name, price, discount)
  self.count = self.count + 1
  self.items[name] = { price = price, discount = discount, position = self.count }
end

function Catalogue:get(name)
  local item <const> = self.items[name]
  if not item then
    error(("unknown item %q"):format(name))
  end
  return item
end

local TAX <const> = 0x14 -- percent
local rates = { standard = TAX, reduced = TAX // 2, zero = 0 }

local function round(x)
  return math.floor(x * 100 + 0.5) / 100
end

local function net_price(item, quantity)
  -- a discount is a fraction of the price, taken once per unit
  return quantity * (item.price - item.price * item.discount)
end

local function tax(amount, kind)
  local rate = rates[kind or "standard"] or error("no rate " .. tostring(kind))
  return round(amount * rate / 100)
end

local shop = Catalogue.new()
shop:add("pencil", 1.20, 0.1)
shop:add("notebook", 3.50, 0)
shop:add("ruler", 2.00, 0.25)
shop:add("eraser", 0.80)
shop:add("stapler", 12.00, 0.05)

local orders = {
  { customer = "Ada", lines = { { "pencil", 10 }, { "notebook", 2 } }, kind = "reduced" },
  { customer = "Brian", lines = { { "ruler", 1 }, { "stapler", 1 } } },
  { customer = "Chen", lines = { { "notebook", 5 }, { "eraser", 3 }, { "pencil", 1 } } },
}

local totals, lines_seen = {}, 0
for index, order in ipairs(orders) do
  local sum = 0
  for _, line in ipairs(order.lines) do
    local name, quantity = line[1], line[2]
    if quantity <= 0 then goto continue end
    lines_seen = lines_seen + 1
    sum = sum + net_price(shop:get(name), quantity)
    ::continue::
  end
  local t = tax(sum, order.kind)
  totals[index] = { who = order.customer, net = round(sum), tax = t, gross = round(sum + t) }
end

local function report(rows)
  local out = {}
  for i = 1, #rows do
    local r = rows[i]
    out[#out + 1] = string.format("%-6s %8.2f %6.2f %8.2f", r.who, r.net, r.tax, r.gross)
  end
  return table.concat(out, "\n")
end

print(report(totals))
print(("%d lines in %d orders"):format(lines_seen, #orders))
