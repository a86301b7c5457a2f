// The page a browser gets instead of the JSON 401 when it opens a management page (the API
// reference) without a session: a form that opens one with a management token (POST
// /v1/auth/sessions, which sets the ql_session cookie) and loads the page again. The token goes in
// the request body, never in a URL. Only navigations get it (a GET that accepts text/html); API
// clients keep the JSON error of DESIGN.md §8.

/** Whether the request is a browser opening a page: a GET whose Accept names text/html. */
export function wantsPage(method: string, accept: string | undefined): boolean {
  return method === 'GET' && (accept ?? '').includes('text/html');
}

/** The sign-in page; `sessionsPath` is where sessions are opened (`/v1/auth/sessions`). */
export function signInPage(sessionsPath: string, reason: string): string {
  const escaped = reason.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Querylane</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem; color: #1f2328; }
  label, input, button { display: block; width: 100%; box-sizing: border-box; }
  input { margin: .5rem 0 1rem; padding: .5rem; font: inherit; }
  button { padding: .6rem; font: inherit; cursor: pointer; }
  p.note { color: #57606a; font-size: .9rem; }
  p.error { color: #cf222e; }
</style>
</head>
<body>
<h1>Sign in</h1>
<p class="note">${escaped}. Sign in with a management token (the admin token of <code>.querylane/admin-token</code>, or a user's token); the page opens a session cookie for this browser.</p>
<form id="sign-in">
  <label for="token">Management token</label>
  <input id="token" name="token" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>
<p id="error" class="error" role="alert"></p>
<script>
  document.getElementById('sign-in').addEventListener('submit', async (event) => {
    event.preventDefault();
    const error = document.getElementById('error');
    error.textContent = '';
    try {
      const answer = await fetch(${JSON.stringify(sessionsPath)}, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: document.getElementById('token').value }),
      });
      if (answer.ok) return location.reload();
      const body = await answer.json().catch(() => ({}));
      error.textContent = body.message || 'The token was not accepted (' + answer.status + ').';
    } catch (failure) {
      error.textContent = 'The platform could not be reached: ' + failure;
    }
  });
</script>
</body>
</html>
`;
}
