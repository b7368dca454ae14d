-- the login parts of each user, one row per part
SELECT u.username, unnest(unnest([[u.username, u.mail_host], [u.language]])) AS part FROM users u WHERE u.user_id > 0 ORDER BY u.username;
