print("folio-bench: no workloads yet")
