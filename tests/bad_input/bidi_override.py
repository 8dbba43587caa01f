label = "abc‮def"; undefined_name
