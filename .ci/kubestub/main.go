// Command kubestub stands in for a Kubernetes API server where kubectl needs
// one to check manifests offline: `kubectl apply --dry-run=client
// --validate=false` asks the server which resources exist (discovery) and
// whether the object is already there, and applies nothing. kubestub answers
// discovery with batch/v1 Jobs (the kind Crown's manifests hold) and every
// other request with 404, so a manifest of another kind or API version
// fails. It prints its address on stdout, and each request on stderr.
//
//	go run .ci/kubestub/main.go
package main

import (
	"encoding/json"
	"fmt"
	"log"
	"net"
	"net/http"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("http://%s\n", ln.Addr())
	log.Fatal(http.Serve(ln, http.HandlerFunc(serve)))
}

// answers are the discovery documents, by path.
var answers = map[string]any{
	"/version": map[string]any{"major": "1", "minor": "32", "gitVersion": "v1.32.0", "platform": "linux/amd64"},
	"/api":     map[string]any{"kind": "APIVersions", "versions": []string{"v1"}},
	"/apis": map[string]any{"kind": "APIGroupList", "apiVersion": "v1", "groups": []any{
		map[string]any{
			"name":             "batch",
			"versions":         []any{map[string]any{"groupVersion": "batch/v1", "version": "v1"}},
			"preferredVersion": map[string]any{"groupVersion": "batch/v1", "version": "v1"},
		},
	}},
	"/api/v1": map[string]any{"kind": "APIResourceList", "groupVersion": "v1", "resources": []any{
		map[string]any{"name": "namespaces", "singularName": "namespace", "namespaced": false, "kind": "Namespace",
			"verbs": []string{"create", "delete", "get", "list", "patch", "update", "watch"}},
	}},
	"/apis/batch/v1": map[string]any{"kind": "APIResourceList", "groupVersion": "batch/v1", "resources": []any{
		map[string]any{"name": "jobs", "singularName": "job", "namespaced": true, "kind": "Job",
			"verbs": []string{"create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"}},
	}},
}

func serve(w http.ResponseWriter, r *http.Request) {
	log.Printf("kubestub: %s %s", r.Method, r.URL.Path)
	w.Header().Set("Content-Type", "application/json")
	body, ok := answers[r.URL.Path]
	if !ok || r.Method != http.MethodGet {
		w.WriteHeader(http.StatusNotFound)
		body = map[string]any{"kind": "Status", "apiVersion": "v1", "status": "Failure",
			"reason": "NotFound", "code": http.StatusNotFound, "message": r.URL.Path + " not found"}
	}
	if err := json.NewEncoder(w).Encode(body); err != nil {
		log.Printf("kubestub: %v", err)
	}
}
