<?php
// Double-entry bookkeeping for a small club: accounts, a journal, a CSV import of bank lines
// and a trial balance. Amounts are integer cents under strict types; the import passes one
// amount on as the string it read, and PHP stops with a TypeError in Ledger::post().

declare(strict_types=1);

namespace Club\Books;

use InvalidArgumentException;

enum Kind: string
{
    case Asset = 'asset';
    case Liability = 'liability';
    case Income = 'income';
    case Expense = 'expense';

    public function sign(): int
    {
        return match ($this) {
            self::Asset, self::Expense => 1,
            self::Liability, self::Income => -1,
        };
    }
}

final class Account
{
    public function __construct(
        public readonly string $code,
        public readonly string $name,
        public readonly Kind $kind,
        private int $balance = 0,
    ) {
    }

    public function apply(int $cents): void
    {
        $this->balance += $cents;
    }

    public function balance(): int
    {
        return $this->balance * $this->kind->sign();
    }
}

final class Ledger
{
    /** @var array<string, Account> */
    private array $accounts = [];
    /** @var list<array{date: string, text: string, debit: string, credit: string, cents: int}> */
    private array $journal = [];

    public function open(string $code, string $name, Kind $kind): self
    {
        if (isset($this->accounts[$code])) {
            throw new InvalidArgumentException("account $code exists");
        }
        $this->accounts[$code] = new Account($code, $name, $kind);
        return $this;
    }

    public function post(string $date, int $cents, string $debit, string $credit, string $text = ''): void
    {
        foreach ([$debit, $credit] as $code) {
            $this->accounts[$code] ?? throw new InvalidArgumentException("no account $code");
        }
        $this->accounts[$debit]->apply($cents);
        $this->accounts[$credit]->apply(-$cents);
        $this->journal[] = compact('date', 'text', 'debit', 'credit', 'cents');
    }

    /** @return array<string, int> */
    public function trialBalance(): array
    {
        $rows = [];
        foreach ($this->accounts as $code => $account) {
            $rows["$code {$account->name}"] = $account->balance();
        }
        ksort($rows);
        return $rows;
    }

    public function entries(): int
    {
        return count($this->journal);
    }
}

function cents(string $amount): int
{
    $amount = str_replace([' ', ','], ['', '.'], trim($amount));
    return (int) round((float) $amount * 100);
}

function money(int $cents): string
{
    return sprintf('%s%d.%02d', $cents < 0 ? '-' : '', intdiv(abs($cents), 100), abs($cents) % 100);
}

$books = (new Ledger())
    ->open('1000', 'Bank', Kind::Asset)
    ->open('1100', 'Cash box', Kind::Asset)
    ->open('3000', 'Membership fees', Kind::Income)
    ->open('3100', 'Tournament entries', Kind::Income)
    ->open('4000', 'Hall rent', Kind::Expense)
    ->open('4100', 'Equipment', Kind::Expense);

$books->post('2024-01-02', 12000, '1000', '3000', 'fees, first quarter');
$books->post('2024-01-09', 4500, '4000', '1000', 'hall, January');

$bank = <<<CSV
2024-01-15;Entry fees spring open;3100;8 400,00
2024-01-20;Shuttlecocks (12 tubes);4100;-186,60
2024-01-31;Hall rent February;4000;-45,00
CSV;

foreach (explode("\n", $bank) as $line) {
    [$date, $text, $account, $amount] = explode(';', $line);
    $value = cents($amount);
    if ($value >= 0) {
        $books->post($date, $value, '1000', $account, $text);
    } else {
        $books->post($date, $amount, $account, '1000', $text);
    }
}

$books->post('2024-02-01', 2000, '1100', '1000', 'float for the cash box');

foreach ($books->trialBalance() as $name => $balance) {
    printf("%-28s %12s\n", $name, money($balance));
}
printf("%d entries\n", $books->entries());
