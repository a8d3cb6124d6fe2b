"""One module per Law; each rule cites the sub-law it implements."""
