try { throw new Error('x'); } catch (e) { e.message; }
try { JSON.parse('{'); } catch { /* optional binding */ }
try { 1; } finally { 2; }
try { 1; } catch ({ message }) { message; } finally { 3; }
try {} catch ([first]) {}
function thrower() { throw { code: 1 }; }
