// the page's script (written by the page's work)
