package web

import (
	"mime"
	"net"
	"net/http"
	"strings"

	"github.com/crown-checkers/crown/play"
)

// The guard keeps other web pages from driving the board. A page on any
// site the user visits can send a browser's requests to a server on
// loopback: a POST with a text/plain body needs no permission (a simple
// request), and a site whose name it points at 127.0.0.1 (DNS rebinding)
// can even read the replies. The checks, those of careful local servers
// such as Jupyter's:
//   - the Host header must name this server: "localhost" (or a name under
//     .localhost), an IP address, or a name of Options.AllowedHosts; a
//     rebinding site's own name is refused, whatever the request;
//   - a request that changes state (not GET, HEAD or OPTIONS) must come
//     from the page's own origin (net/http's CrossOriginProtection, by
//     Sec-Fetch-Site or Origin against Host);
//   - a JSON body must say it is one (Content-Type application/json),
//     which a cross-site page can only send after a preflight this
//     server never grants.

// hostAllowed reports whether a request's Host header names this server.
func (s *Server) hostAllowed(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	switch {
	case host == "localhost" || strings.HasSuffix(host, ".localhost"):
		return true
	case net.ParseIP(host) != nil:
		return true
	}
	for _, a := range s.opt.AllowedHosts {
		if strings.EqualFold(host, a) {
			return true
		}
	}
	return false
}

// guard answers a request the checks refuse, and reports whether it did.
func (s *Server) guard(w http.ResponseWriter, r *http.Request) bool {
	if !s.hostAllowed(r.Host) {
		writeError(w, http.StatusMisdirectedRequest, codeBadRequest,
			"host %s is not this server's name: use localhost or its address, or start crown serve with --allow-host", play.Echo(r.Host))
		return true
	}
	if err := s.origins.Check(r); err != nil {
		writeError(w, http.StatusForbidden, codeBadRequest, "refused: a request from another site's page (%v)", err)
		return true
	}
	return false
}

// isJSON reports whether a request says its body is JSON.
func isJSON(r *http.Request) bool {
	t, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && t == "application/json"
}

// Exposed reports whether a listener's address reaches beyond this
// machine (every interface, or one that is not loopback), for crown
// serve's warning: anyone who reaches it can play, and use its CPU.
func Exposed(addr net.Addr) bool {
	tcp, ok := addr.(*net.TCPAddr)
	return !ok || !tcp.IP.IsLoopback()
}
