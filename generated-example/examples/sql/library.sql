-- A lending library: members, books, copies and loans, with a few reports.
-- The import at the end registers a member twice under one card number, and sqlite3 stops
-- there with a UNIQUE constraint failure.

PRAGMA foreign_keys = ON;

CREATE TABLE members (
  member_id INTEGER PRIMARY KEY,
  card_no TEXT NOT NULL UNIQUE,
  full_name TEXT NOT NULL,
  joined DATE NOT NULL DEFAULT (date('now')),
  max_loans INTEGER NOT NULL DEFAULT 5 CHECK (max_loans BETWEEN 1 AND 20)
);

CREATE TABLE books (
  book_id INTEGER PRIMARY KEY,
  isbn TEXT UNIQUE,
  title TEXT NOT NULL,
  author TEXT NOT NULL,
  published INTEGER,
  shelf TEXT NOT NULL DEFAULT 'general'
);

CREATE TABLE copies (
  copy_id INTEGER PRIMARY KEY,
  book_id INTEGER NOT NULL REFERENCES books (book_id) ON DELETE CASCADE,
  barcode TEXT NOT NULL UNIQUE,
  condition TEXT NOT NULL DEFAULT 'good' CHECK (condition IN ('new', 'good', 'worn', 'lost'))
);

CREATE TABLE loans (
  loan_id INTEGER PRIMARY KEY,
  copy_id INTEGER NOT NULL REFERENCES copies (copy_id),
  member_id INTEGER NOT NULL REFERENCES members (member_id),
  lent_on DATE NOT NULL,
  due_on DATE NOT NULL,
  returned_on DATE,
  CHECK (due_on > lent_on)
);

CREATE INDEX loans_open ON loans (copy_id) WHERE returned_on IS NULL;
CREATE INDEX loans_by_member ON loans (member_id, lent_on);

CREATE VIEW open_loans AS
  SELECT l.loan_id, m.full_name, b.title, l.due_on
  FROM loans AS l
  JOIN members AS m ON m.member_id = l.member_id
  JOIN copies AS c ON c.copy_id = l.copy_id
  JOIN books AS b ON b.book_id = c.book_id
  WHERE l.returned_on IS NULL;

CREATE TRIGGER no_double_loan
BEFORE INSERT ON loans
WHEN EXISTS (SELECT 1 FROM loans WHERE copy_id = NEW.copy_id AND returned_on IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'copy is already on loan');
END;

INSERT INTO books (book_id, isbn, title, author, published, shelf) VALUES
  (1, '978-0-00-000001-1', 'The River Atlas', 'M. Okafor', 2011, 'geography'),
  (2, '978-0-00-000002-8', 'Salt and Stone', 'L. Brandt', 1998, 'history'),
  (3, '978-0-00-000003-5', 'Small Engines', 'P. Varga', 2019, 'technology'),
  (4, NULL, 'Parish Records 1890-1910', 'unknown', NULL, 'archive'),
  (5, '978-0-00-000005-9', 'Night Gardens', 'S. Iwata', 2021, 'general');

INSERT INTO copies (book_id, barcode, condition) VALUES
  (1, 'C-0001', 'good'), (1, 'C-0002', 'worn'), (2, 'C-0003', 'good'),
  (3, 'C-0004', 'new'), (3, 'C-0005', 'new'), (4, 'C-0006', 'worn'),
  (5, 'C-0007', 'good');

INSERT INTO members (member_id, card_no, full_name, joined, max_loans) VALUES
  (1, 'L-1001', 'Ines Duarte', '2019-03-02', 5),
  (2, 'L-1002', 'Tomasz Wolny', '2020-11-17', 3),
  (3, 'L-1003', 'Aiko Mori', '2022-06-30', 8);

INSERT INTO loans (copy_id, member_id, lent_on, due_on, returned_on) VALUES
  (1, 1, '2024-01-05', '2024-01-26', '2024-01-20'),
  (3, 2, '2024-02-01', '2024-02-22', NULL),
  (4, 3, '2024-02-03', '2024-02-24', NULL),
  (7, 1, '2024-02-10', '2024-03-02', NULL);

-- Members over their limit, and overdue loans on a fixed date.
SELECT m.full_name, count(*) AS on_loan, m.max_loans
FROM members AS m
JOIN loans AS l ON l.member_id = m.member_id AND l.returned_on IS NULL
GROUP BY m.member_id
HAVING count(*) > m.max_loans;

SELECT full_name, title, julianday('2024-03-01') - julianday(due_on) AS days_late
FROM open_loans
WHERE due_on < '2024-03-01'
ORDER BY days_late DESC;

UPDATE copies SET condition = 'worn'
WHERE copy_id IN (SELECT copy_id FROM loans GROUP BY copy_id HAVING count(*) >= 1)
  AND condition = 'new';

-- Import of the new members from the spring sign-up sheet.
CREATE TEMP TABLE signups (card_no TEXT, full_name TEXT, joined DATE);
INSERT INTO signups VALUES
  ('L-1004', 'Ravi Menon', '2024-03-04'),
  ('L-1005', 'Olga Petrenko', '2024-03-04'),
  ('L-1002', 'Tom Wolny', '2024-03-05'),
  ('L-1006', 'Grace Adeyemi', '2024-03-06');

INSERT INTO members (card_no, full_name, joined)
SELECT card_no, full_name, joined FROM signups ORDER BY joined;

SELECT shelf, count(DISTINCT b.book_id) AS titles, count(c.copy_id) AS copies
FROM books AS b
LEFT JOIN copies AS c ON c.book_id = b.book_id
GROUP BY shelf
ORDER BY copies DESC, shelf;
